import { GraduationCapIcon, HeartPulseIcon, LeafIcon, MegaphoneIcon } from 'lucide-react';

/** An icon chosen by the campaign's name: climate, education, health, or a default. */
export function CampaignIcon({ name }: { name: string }) {
  const n = name.toLowerCase();
  const [Icon, tone] = n.includes('climate')
    ? [LeafIcon, 'bg-green-100 text-green-700']
    : n.includes('education')
      ? [GraduationCapIcon, 'bg-blue-100 text-blue-700']
      : n.includes('health')
        ? [HeartPulseIcon, 'bg-red-100 text-red-700']
        : [MegaphoneIcon, 'bg-indigo-100 text-indigo-700'];
  return (
    <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${tone}`}>
      <Icon aria-hidden className="size-5" />
    </span>
  );
}
