// Placeholder: filled by its feature's work.
export default function UploadTestPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Upload Test</h1>
    </main>
  );
}
