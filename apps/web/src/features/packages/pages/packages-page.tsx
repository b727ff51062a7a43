export default function PackagesPage() {
  return <h1>PackagesPage</h1>;
}
