export default function RadiologyPage() {
  return <h1>RadiologyPage</h1>;
}
