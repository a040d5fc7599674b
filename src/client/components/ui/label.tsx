import { Label as LabelPrimitive } from 'radix-ui';
import { withClasses } from './with-classes.ts';

export const Label = withClasses(LabelPrimitive.Root, 'text-sm font-medium leading-none');
