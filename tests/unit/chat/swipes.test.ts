import { describe, expect, it } from 'vitest';
import {
  alternativesOf,
  chosenSwipe,
  joinContinuation,
  shownStopped,
  stoppedSwipeAfter,
  swipeRangeProblem,
  withChosenSwipe,
  withContinuation,
  withEditedContent,
  withNewSwipe,
} from '@core/chat/index';

describe('a reply and its versions (swipes)', () => {
  it('has no swipes until a second version arrives, then shows the newest', () => {
    const one = { content: 'First.' };
    expect([alternativesOf(one), chosenSwipe(one)]).toEqual([['First.'], 0]);
    expect(withNewSwipe(one, 'Second.')).toEqual({ content: 'Second.', swipes: ['First.', 'Second.'], swipe_id: 1 });
    expect(withNewSwipe(withNewSwipe(one, 'Second.'), 'Third.')).toEqual({
      content: 'Third.',
      swipes: ['First.', 'Second.', 'Third.'],
      swipe_id: 2,
    });
  });

  it('chooses a version by index, and says clearly which indexes there are', () => {
    const three = { content: 'c', swipes: ['a', 'b', 'c'], swipe_id: 2 };
    expect(withChosenSwipe(three, 0)).toEqual({ content: 'a', swipes: ['a', 'b', 'c'], swipe_id: 0 });
    expect(swipeRangeProblem(three, 1)).toBeNull();
    expect(swipeRangeProblem(three, 3)).toBe('This reply has 3 versions: choose a swipe_id from 0 to 2.');
    expect(swipeRangeProblem(three, -1)).not.toBeNull();
    expect(swipeRangeProblem(three, 1.5)).not.toBeNull();
    expect(swipeRangeProblem({ content: 'x' }, 0)).toBeNull();
    expect(swipeRangeProblem({ content: 'x' }, 1)).toBe('This message has no other versions: the only swipe_id it has is 0.');
  });

  it('edits the shown version only', () => {
    const two = { content: 'b', swipes: ['a', 'b'], swipe_id: 1 };
    expect(withEditedContent(two, 'B!')).toEqual({ content: 'B!', swipes: ['a', 'B!'], swipe_id: 1 });
    expect(withEditedContent({ content: 'plain' }, 'edited')).toEqual({ content: 'edited', swipes: undefined, swipe_id: undefined });
  });

  it('joins a continuation as the model wrote it: its own whitespace, attached punctuation, else a space', () => {
    expect(joinContinuation('The night was dark', 'and cold.')).toBe('The night was dark and cold.');
    expect(joinContinuation('The night was dark', ', cold.')).toBe('The night was dark, cold.');
    expect(joinContinuation('The night was dark.', '\n\nMorning came.')).toBe('The night was dark.\n\nMorning came.');
    expect(joinContinuation('"Wait', '!" she said.')).toBe('"Wait!" she said.');
    expect(joinContinuation('', 'Hello')).toBe('Hello');
    expect(withContinuation({ content: 'b', swipes: ['a', 'b'], swipe_id: 1 }, 'more')).toEqual({
      content: 'b more',
      swipes: ['a', 'b more'],
      swipe_id: 1,
    });
  });
});

describe('the mark of a reply Stop cut short', () => {
  const one = { content: 'Once upon' };
  const two = withNewSwipe(one, 'Another');

  it('goes on the version shown when its writing was stopped', () => {
    expect(stoppedSwipeAfter(null, one, true)).toBe(0);
    expect(stoppedSwipeAfter(undefined, two, true)).toBe(1);
  });

  it('stays on an older version when a new one is written whole, and goes when the shown one is', () => {
    expect(stoppedSwipeAfter(0, two, false)).toBe(0);
    expect(stoppedSwipeAfter(0, withContinuation(one, 'a time'), false)).toBeNull();
    expect(stoppedSwipeAfter(1, withEditedContent(two, 'Mine'), false)).toBeNull();
    expect(stoppedSwipeAfter(null, one, false)).toBeNull();
  });

  it('shows only while the stopped version is shown', () => {
    expect(shownStopped({ ...one, stopped_swipe: 0 })).toBe(true);
    expect(shownStopped({ ...two, stopped_swipe: 0 })).toBe(false);
    expect(shownStopped({ ...withChosenSwipe(two, 0), stopped_swipe: 0 })).toBe(true);
    expect(shownStopped({ ...one, stopped_swipe: null })).toBe(false);
    expect(shownStopped(one)).toBe(false);
  });
});
