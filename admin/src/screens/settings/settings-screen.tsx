// Placeholder until this screen is built (admin SPA issue): keeps the route table whole.
export function SettingsScreen() {
  return <h1>Hjemmeside indstillinger</h1>;
}
