import type { ReactNode } from 'react';
import type { CharacterPage } from '@core/contract';
import { StyledText } from '../chat/window/StyledText';
import styles from './CharacterPage.module.css';
import { cardText, cardTokens, pageForReader } from './characterText';
import { usePageReader } from './usePageReader';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Card text, rendered as the chat renders messages: markup in it shows as the text it is. */
function Text({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      <StyledText text={text} />
    </p>
  );
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—');

/** The character's own words: the creator's notes, its description, personality, scenario and greetings as the chat shows them, and facts. */
export function CharacterSections({ page }: { page: CharacterPage }) {
  const { creatorNotes, lorebookEntries } = cardText(page);
  const { description, personality, scenario, greetings } = pageForReader(page, usePageReader());
  const [first, ...alternates] = greetings;
  const tokens = cardTokens(page);
  return (
    <div className={styles.sections}>
      {creatorNotes.trim() && (
        <Section title="Creator's notes">
          <Text text={creatorNotes} />
        </Section>
      )}
      {description.trim() && (
        <Section title="Description">
          <Text text={description} />
        </Section>
      )}
      {personality.trim() && (
        <Section title="Personality">
          <Text text={personality} />
        </Section>
      )}
      {scenario.trim() && (
        <Section title="Scenario">
          <Text text={scenario} />
        </Section>
      )}
      {first && (
        <Section title="First message">
          <Text text={first.text} />
        </Section>
      )}
      {alternates.length > 0 && (
        <Section title={`Alternate greetings (${alternates.length})`}>
          {alternates.map((greeting, i) => (
            <details key={greeting.index} className={styles.greeting}>
              <summary>Greeting {i + 2}</summary>
              <Text text={greeting.text} />
            </details>
          ))}
        </Section>
      )}
      <Section title="About this card">
        <dl className={styles.facts}>
          <dt>Tokens</dt>
          <dd>
            ≈ {tokens.total.toLocaleString()} ({tokens.permanent.toLocaleString()} in every prompt)
          </dd>
          <dt>Lorebook</dt>
          <dd>{lorebookEntries === 0 ? 'None' : `${lorebookEntries} ${lorebookEntries === 1 ? 'entry' : 'entries'}`}</dd>
          <dt>Created</dt>
          <dd>{day(page.created_at)}</dd>
          <dt>Updated</dt>
          <dd>{day(page.updated_at)}</dd>
          {page.published_at && (
            <>
              <dt>Published</dt>
              <dd>{day(page.published_at)}</dd>
            </>
          )}
          <dt>Downloads</dt>
          <dd>{page.stats.downloads.toLocaleString()}</dd>
        </dl>
      </Section>
    </div>
  );
}
