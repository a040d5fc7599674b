// Placeholder: filled by its feature's work.
export default function SettingsPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Settings</h1>
    </main>
  );
}
