// Placeholder: filled by its feature's work.
export default function SupporterPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Campaign</h1>
    </main>
  );
}
