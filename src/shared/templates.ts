// The campaign templates' categories, as both sides know them: the client groups the
// Templates page by these keys and words each from its catalog; the built-in templates
// themselves, in every language, are the server's (modules/templates/built-in-templates.ts).

/** The built-in templates' categories, in the Templates page's order (stable keys, not words). */
export const TEMPLATE_CATEGORIES = ['Social Media', 'Awareness', 'Fundraising', 'Advocacy'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
/** The category of an organisation's own templates. */
export const CUSTOM_TEMPLATE_CATEGORY = 'My Templates';
export const CUSTOM_TEMPLATE_PREFIX = 'custom-';
