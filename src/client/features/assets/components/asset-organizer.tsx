import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVerticalIcon, LayoutGridIcon, ListIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/utils.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';

type View = 'grid' | 'list';
const VIEWS: { value: View; label: MessageDescriptor; Icon: typeof ListIcon }[] = [
  { value: 'grid', label: msg`Grid`, Icon: LayoutGridIcon },
  { value: 'list', label: msg`List`, Icon: ListIcon },
];

/**
 * 'Organize Assets': drag (pointer or keyboard) to reorder, then 'Save Order', which
 * is enabled only once the order differs from the saved one.
 */
export function AssetOrganizer({
  assets,
  onSave,
  saving = false,
}: {
  assets: Asset[];
  onSave: (assetIds: number[]) => Promise<unknown>;
  saving?: boolean;
}) {
  const { t, i18n } = useLingui();
  const savedIds = useMemo(() => assets.map((a) => a.id), [assets]);
  const [order, setOrder] = useState<number[]>(savedIds);
  const [view, setView] = useState<View>('list');

  // Follow the server's list (an asset added, an order saved elsewhere) and keep any
  // unsaved move of the assets that are still there.
  useEffect(() => {
    setOrder((current) => {
      const kept = current.filter((id) => savedIds.includes(id));
      const added = savedIds.filter((id) => !kept.includes(id));
      return [...kept, ...added];
    });
  }, [savedIds]);

  const byId = useMemo(() => new Map(assets.map((a) => [a.id, a])), [assets]);
  const ordered = order.map((id) => byId.get(id)).filter((a): a is Asset => Boolean(a));
  const dirty = order.length === savedIds.length && order.some((id, i) => id !== savedIds[i]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // One slot per arrow press: the sortable getter moves the picked-up item onto the
    // neighbour in that direction (a pixel step would need several presses per slot,
    // more or fewer depending on the cards' size).
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((ids) => arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  const save = async () => {
    try {
      await onSave(order);
      toast({ title: t`Order saved`, description: t`Your asset order has been updated` });
    } catch (err) {
      toastError(t`Could not save the order`, err, t`Something went wrong`);
    }
  };

  const title = (a: Asset) => a.title;
  /** Where an asset is in the order, counted from 1, in the reader's digits. */
  const position = (id: unknown) => i18n.number(order.indexOf(Number(id)) + 1);
  const total = i18n.number(order.length);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <CardTitle className="text-lg">
            <Trans>Organize Assets</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Drag assets, or focus one and press Space then the arrow keys, to set the order supporters see.
            </Trans>
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <fieldset className="flex rounded-md border border-border p-0.5">
            <legend className="sr-only">
              <Trans>View</Trans>
            </legend>
            {VIEWS.map(({ value, label, Icon }) => (
              <Button
                key={value}
                size="sm"
                variant={view === value ? 'secondary' : 'ghost'}
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className="h-8"
              >
                <Icon aria-hidden /> {i18n._(label)}
              </Button>
            ))}
          </fieldset>
          <Button size="sm" onClick={save} disabled={!dirty || saving}>
            {saving ? t`Saving...` : t`Save Order`}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {ordered.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            <Trans>No assets found.</Trans>
          </p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              // dnd-kit's own words are English: its instructions are given here in the reader's language.
              screenReaderInstructions: {
                draggable: t`To pick up a draggable item, press the space bar. While dragging, use the arrow keys to move the item. Press space again to drop the item in its new position, or press escape to cancel.`,
              },
              announcements: {
                onDragStart: ({ active }) => {
                  const name = title(byId.get(Number(active.id))!);
                  return t`Picked up ${name}.`;
                },
                onDragOver: ({ active, over }) => {
                  const name = title(byId.get(Number(active.id))!);
                  const at = over && position(over.id);
                  return at ? t`${name} is now at position ${at} of ${total}.` : undefined;
                },
                onDragEnd: ({ active, over }) => {
                  const name = title(byId.get(Number(active.id))!);
                  const at = over && position(over.id);
                  return at ? t`${name} dropped at position ${at}.` : t`${name} dropped.`;
                },
                onDragCancel: ({ active }) => {
                  const name = title(byId.get(Number(active.id))!);
                  return t`Moving ${name} was cancelled.`;
                },
              },
            }}
          >
            <SortableContext
              items={order}
              strategy={view === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
            >
              <ol
                aria-label={t`Asset order`}
                className={cn(
                  view === 'grid' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'flex flex-col gap-2',
                )}
              >
                {ordered.map((asset, i) => (
                  <SortableAsset key={asset.id} asset={asset} index={i} view={view} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </CardContent>
    </Card>
  );
}

function SortableAsset({ asset, index, view }: { asset: Asset; index: number; view: View }) {
  const { t, i18n } = useLingui();
  const title = asset.title;
  const position = i18n.number(index + 1);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: asset.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="organizer-item"
      className={cn(
        'rounded-md border border-border bg-white',
        isDragging && 'z-10 shadow-lg ring-2 ring-primary',
      )}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t`${title}, position ${position}`}
        className={cn(
          'flex w-full cursor-grab touch-none items-center gap-3 p-2 text-start active:cursor-grabbing',
          view === 'grid' && 'flex-col items-stretch',
        )}
      >
        <GripVerticalIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className={cn('block', view === 'list' ? 'w-16 shrink-0' : 'w-full')}>
          <AssetMedia asset={asset} compact decorative className={view === 'list' ? 'h-10' : undefined} />
        </span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium" dir="auto">
          {asset.title}
        </span>
      </button>
    </li>
  );
}
