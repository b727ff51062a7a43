export default function BlogsPage() {
  return <h1>BlogsPage</h1>;
}
