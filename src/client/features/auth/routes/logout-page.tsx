// Placeholder: filled by its feature's work.
export default function LogoutPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Logging out</h1>
    </main>
  );
}
