export default function ResetPasswordPage() {
  return <h1>ResetPasswordPage</h1>;
}
