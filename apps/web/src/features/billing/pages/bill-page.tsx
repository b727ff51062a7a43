export default function BillPage() {
  return <h1>BillPage</h1>;
}
