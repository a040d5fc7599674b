// Placeholder: filled by its feature's work.
export default function AuthPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Sign in</h1>
    </main>
  );
}
