export default function BlogPage() {
  return <h1>BlogPage</h1>;
}
