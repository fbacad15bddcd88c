import { z } from 'zod';
import { DEFAULT_GUIDE_RESOURCES, type PublicConfig } from '@mcat/contracts';

type GuideResource = PublicConfig['guideResources'][number];

const FORMAT = 'a JSON array of {"title", "url", "description"?} with http:// or https:// urls';

const guideResource = z.strictObject({
  title: z.string().trim().min(1),
  url: z.url({ protocol: /^https?$/ }),
  description: z.string().trim().min(1).optional(),
});

/**
 * GUIDE_RESOURCES: the /guide page's resource links as JSON, for example
 * `[{"title":"Anki","url":"https://apps.ankiweb.net/","description":"Flashcards"}]`.
 * A bad value is one issue naming the variable (and the item at fault).
 */
export const guideResourcesVariable = z
  .string()
  .optional()
  .transform((value, context): GuideResource[] => {
    if (value === undefined || value.trim() === '') return [...DEFAULT_GUIDE_RESOURCES];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: `GUIDE_RESOURCES must be ${FORMAT}` });
      return z.NEVER;
    }
    const result = z.array(guideResource).safeParse(parsed);
    if (result.success) return result.data;
    const [index] = result.error.issues[0]?.path ?? [];
    const where = typeof index === 'number' ? ` (item ${index + 1} is not)` : '';
    context.addIssue({ code: 'custom', message: `GUIDE_RESOURCES must be ${FORMAT}${where}` });
    return z.NEVER;
  });
