export default function BiochemistryPage() {
  return <h1>BiochemistryPage</h1>;
}
