import type { ReactNode } from 'react';
import { Button, LinkButton } from './Button.tsx';

export interface ErrorAction {
  label: string;
  onClick?: () => void;
  href?: string;
}

/** An error where it happened, with what to do next. Never a bare stack trace. */
export function ErrorPanel({
  title,
  error,
  actions = [],
  children,
}: {
  title: string;
  error?: unknown;
  actions?: ErrorAction[];
  children?: ReactNode;
}) {
  const message = error === undefined ? null : error instanceof Error ? error.message : String(error);
  return (
    <div className="error-panel" role="alert">
      <p className="error-title">{title}</p>
      {message ? <p className="error-message">{message}</p> : null}
      {children}
      {actions.length ? (
        <div className="error-actions">
          {actions.map((a) =>
            a.href ? (
              <LinkButton key={a.label} href={a.href} size="sm">
                {a.label}
              </LinkButton>
            ) : (
              <Button key={a.label} size="sm" onClick={a.onClick}>
                {a.label}
              </Button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
