export default function SerologyPage() {
  return <h1>SerologyPage</h1>;
}
