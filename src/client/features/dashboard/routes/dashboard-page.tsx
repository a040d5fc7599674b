// Placeholder: filled by its feature's work.
export default function DashboardPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Organization Dashboard</h1>
    </main>
  );
}
