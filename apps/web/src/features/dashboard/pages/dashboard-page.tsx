export default function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
