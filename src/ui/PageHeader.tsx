import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/** A page's title block: one h1 per page, an optional line under it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.sub}>{children}</div>}
    </header>
  );
}
