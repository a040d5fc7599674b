export { useApplyTemplate } from './api/apply-template.ts';
export { useTemplates } from './api/get-templates.ts';
export { CreateTemplateDialog } from './components/create-template-dialog.tsx';
export { TemplateCard } from './components/template-card.tsx';
export { UseTemplateDialog } from './components/use-template-dialog.tsx';
export { categoryLabel } from './lib/category-words.ts';
