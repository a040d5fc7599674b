import type * as React from 'react';
import { withClasses } from './with-classes.ts';

export const Card = withClasses('div', 'rounded-lg border border-border bg-white shadow-sm');
export const CardHeader = withClasses('div', 'flex flex-col gap-1.5 p-6');
export const CardTitle = withClasses('h3', 'text-xl font-semibold leading-none tracking-tight');
export const CardDescription = withClasses('p', 'text-sm text-muted-foreground');
export const CardContent = withClasses('div', 'p-6 pt-0');
export const CardFooter = withClasses('div', 'flex items-center p-6 pt-0');

/**
 * The usual card: a title (an h3 whose `titleId` lists and forms can be labelled by),
 * what it is for, an optional control beside the title, then the content.
 */
export function SectionCard({
  title,
  titleId,
  description,
  action,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  titleId?: string;
  description: React.ReactNode;
  action?: React.ReactNode;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <>
      <CardTitle id={titleId}>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card>
      {action ? (
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
