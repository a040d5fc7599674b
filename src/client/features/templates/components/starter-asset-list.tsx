import { FileTextIcon, ImageIcon, VideoIcon } from 'lucide-react';
import type { Template } from '#shared/schemas/templates.ts';

const TYPE_ICONS = { image: ImageIcon, video: VideoIcon, text: FileTextIcon };

/**
 * A template's starter assets, each with its type's icon and title: in brief on a
 * template card, `detailed` (with the text or the media link) in the use dialog.
 */
export function StarterAssetList({
  assets,
  detailed = false,
}: {
  assets: Template['assets'];
  detailed?: boolean;
}) {
  return (
    <ul className={detailed ? 'max-h-64 space-y-2 overflow-y-auto' : 'space-y-1 text-sm'}>
      {assets.map((a, i) => {
        const Icon = TYPE_ICONS[a.type] ?? FileTextIcon;
        const icon = <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />;
        if (!detailed) {
          return (
            <li key={i} className="flex items-center gap-2" dir="auto">
              {icon}
              <span className="truncate">{a.title}</span>
            </li>
          );
        }
        return (
          <li key={i} className="rounded-md border border-border p-3 text-sm" dir="auto">
            <p className="flex items-center gap-2 font-medium">
              {icon} {a.title}
            </p>
            <p
              className={`mt-1 text-muted-foreground ${a.type === 'text' ? 'whitespace-pre-line' : 'break-all'}`}
            >
              {a.content}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
