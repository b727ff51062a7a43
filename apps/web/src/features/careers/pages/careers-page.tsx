export default function CareersPage() {
  return <h1>CareersPage</h1>;
}
