// Placeholder until this screen is built (admin SPA issue): keeps the route table whole.
export function PagesScreen() {
  return <h1>Sider</h1>;
}
