export default function AppointmentPage() {
  return <h1>AppointmentPage</h1>;
}
