export default function HematologyPage() {
  return <h1>HematologyPage</h1>;
}
