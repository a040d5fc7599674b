// Placeholder: filled by its feature's work.
export default function ProfilePage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Profile</h1>
    </main>
  );
}
