// Placeholder: filled by its feature's work.
export default function TemplatesPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Campaign Templates</h1>
    </main>
  );
}
