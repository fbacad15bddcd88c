import type { Question, QuestionSearch } from '@mcat/contracts';
import { testIdOf } from './question.mapper';

/** The search's rules (docs/adr/0011-question-search.md): every filter given must hold. */
export function matchesSearch(query: QuestionSearch): (question: Question) => boolean {
  const testId = query.testId?.toLowerCase();
  const anki = query.ankiStatus ? query.ankiStatus === 'made' : undefined;
  const tag = query.topicTag?.toLowerCase();
  return (q) =>
    (!testId || testIdOf(q) === testId) &&
    (!query.section || q.section === query.section) &&
    (!query.mistakeType || q.mistakeType === query.mistakeType) &&
    (anki === undefined || q.ankiCardMade === anki) &&
    (!tag || q.topicTags.some((t) => t.toLowerCase() === tag));
}
