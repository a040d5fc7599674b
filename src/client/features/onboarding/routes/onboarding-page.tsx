// Placeholder: filled by its feature's work.
export default function OnboardingPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Create your organization</h1>
    </main>
  );
}
