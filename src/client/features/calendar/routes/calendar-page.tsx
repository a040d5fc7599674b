// Placeholder: filled by its feature's work.
export default function CalendarPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Calendar</h1>
    </main>
  );
}
