// The admin's AI text button (the spec's Validation rules, Calls, Limits): write a page's text for the signed-in owner's company,
// at most five times a day per company, counted per Copenhagen calendar day.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { aiUsageSchema, generatedTextSchema, generateRequestSchema } from '../../contracts/ai';
import { getAiUsage, returnAiUse, takeAiUse } from '../../db';
import type { Config } from '../../lib/config';
import { AppError, isAppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { AI_DAILY_LIMIT, copenhagenDay } from '../../rules/ai-limit';
import { MESSAGES } from '../../rules/messages';
import { createTextWriter, type TextWriter } from '../ai';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

export type TextWriterFactory = (config: Config, logger: Logger) => TextWriter;

/** The route group; tests pass a writer factory to see what happens when a writer throws. */
export function createAiRoutes(writerFor: TextWriterFactory = createTextWriter): OpenAPIHono<OwnerEnv> {
  const routes = routeGroup<OwnerEnv>();

  const generate = createRoute({
    method: 'post',
    path: '/generate',
    tags: ['ai'],
    summary: "Write page text from keywords; counts against the company's 5 a day (Europe/Copenhagen)",
    middleware: JSON_BODY,
    request: jsonBody(generateRequestSchema),
    responses: {
      200: answer(generatedTextSchema, 'The text and the day’s count'),
      ...refusals('invalid_input', 'rate_limited', 'internal'),
    },
  });
  routes.openapi(generate, async (c) => {
    const { keywords, pageType } = c.req.valid('json');
    const { db, company, logger } = c.var;
    // Checked before a use is taken: a nameless company should not spend its allowance on an error.
    if (company.name.trim() === '') throw new AppError('invalid_input', MESSAGES.companyNameRequired);

    const now = c.get('now')();
    const day = copenhagenDay(now);
    const usedToday = await takeAiUse(db, company.cvr, day, AI_DAILY_LIMIT);
    if (usedToday === null) {
      c.header('Retry-After', String(secondsUntilCopenhagenMidnight(now)));
      throw new AppError('rate_limited', MESSAGES.aiDailyLimit);
    }

    try {
      // Everything about the company comes from the tenant, never from the request body.
      const text = await writerFor(c.get('config'), logger).write({
        companyName: company.name,
        industryDesc: company.industryDesc,
        industryCode: company.industryCode,
        city: company.city,
        companyDesc: company.companyDesc,
        keywords,
        pageType,
        variant: `${day}#${usedToday}`,
        startDate: company.startDate,
        employees: company.employees,
        hasPhone: company.phone.trim() !== '',
        hasEmail: company.email.trim() !== '',
      });
      return c.json(
        {
          title: text.title,
          ...(text.subtitle ? { subtitle: text.subtitle } : {}),
          content: text.content,
          usedToday,
          limit: AI_DAILY_LIMIT,
        },
        200,
      );
    } catch (error) {
      // Provider failures never get here (the writer falls back); this is a bug or a broken writer,
      // and the owner should not pay a use for it.
      await returnAiUse(db, company.cvr, day);
      if (isAppError(error)) throw error;
      logger.error({ err: error }, 'AI text writer failed');
      throw new AppError('internal', MESSAGES.aiFailed, { cause: error });
    }
  });

  const usage = createRoute({
    method: 'get',
    path: '/usage',
    tags: ['ai'],
    summary: "Today's AI generations for the company",
    responses: { 200: answer(aiUsageSchema, 'Used today, of the limit') },
  });
  routes.openapi(usage, async (c) => {
    const usedToday = await getAiUsage(c.get('db'), c.get('company').cvr, copenhagenDay(c.get('now')()));
    return c.json({ usedToday, limit: AI_DAILY_LIMIT }, 200);
  });

  return routes;
}

/** Whole seconds until the Copenhagen date changes (23 to 25 hours a day around DST). */
export function secondsUntilCopenhagenMidnight(now: Date): number {
  const today = copenhagenDay(now);
  let low = now.getTime();
  let high = low + 26 * 3_600_000;
  // The first millisecond of the next Copenhagen day, found by bisection over at most 26 hours.
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (copenhagenDay(new Date(middle)) === today) low = middle;
    else high = middle;
  }
  return Math.max(1, Math.ceil((high - now.getTime()) / 1000));
}
