export default function OffersPage() {
  return <h1>OffersPage</h1>;
}
