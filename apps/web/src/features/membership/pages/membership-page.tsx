export default function MembershipPage() {
  return <h1>MembershipPage</h1>;
}
