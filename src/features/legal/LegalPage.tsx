import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { formatLegalDate, isoLegalDate, SUPPORT_EMAIL, type LegalSection } from './legalMeta';
import styles from './LegalPage.module.css';

export interface LegalPageProps {
  title: string;
  lastUpdated: Date;
  sections: readonly LegalSection[];
}

/**
 * Content modules stay plain strings (easy to review and diff); the support address becomes a
 * mailto link here so every page gets it without markup in the text.
 */
function withEmailLinks(text: string): ReactNode {
  const parts = text.split(SUPPORT_EMAIL);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>}
      {part}
    </Fragment>
  ));
}

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function LegalPage({ title, lastUpdated, sections }: LegalPageProps) {
  const titleId = useId();
  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <p className={styles.updated}>
          Last updated <time dateTime={isoLegalDate(lastUpdated)}>{formatLegalDate(lastUpdated)}</time>
        </p>
      </header>

      {sections.map((section) => {
        const id = `${titleId}-${slug(section.heading)}`;
        return (
          <section key={section.heading} className={styles.section} aria-labelledby={id}>
            <h2 id={id} className={styles.heading}>
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph, i) => (
              <p key={i} className={styles.paragraph}>
                {withEmailLinks(paragraph)}
              </p>
            ))}
          </section>
        );
      })}

      <footer className={styles.footer}>
        <Link to="/" className={styles.back}>
          <ArrowLeft aria-hidden="true" size={18} />
          Back to Home
        </Link>
      </footer>
    </article>
  );
}
