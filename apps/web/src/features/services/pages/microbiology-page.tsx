export default function MicrobiologyPage() {
  return <h1>MicrobiologyPage</h1>;
}
