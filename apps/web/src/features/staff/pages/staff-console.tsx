export default function StaffConsole() {
  return <h1>StaffConsole</h1>;
}
