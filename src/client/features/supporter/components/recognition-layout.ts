// The sizes of the recognition part under My Impact, the same while it loads (the
// loader's skeleton) and once it has (recognition-section.tsx), so the page below it
// never moves when the board arrives: the figures and the board keep fixed heights
// (a long board scrolls inside its box), the name form a height that holds its fields.

export const STATS_GRID = 'grid grid-cols-2 gap-3';
export const STAT_BOX = 'h-28 overflow-hidden rounded-lg border border-border bg-white p-4';
export const BOARD_BOX = 'h-64 overflow-y-auto';
export const FORM_BOX = 'min-h-72 space-y-3 rounded-lg border border-border bg-white p-4';
