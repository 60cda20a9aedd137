// The owner's menu order (PUT /api/pages/order): every page of the company once, in menu order,
// each with whether the menu shows it ("Vis i menuen"). Shared with the admin's order panel.
import { z } from 'zod';
import { MESSAGES } from '../rules/messages';

/** More than any site has pages; bounds the work one request can ask for. */
const PAGE_ORDER_MAX = 200;

export const pageOrderSchema = z.object({
  pages: z
    .array(
      z.object({
        id: z.string({ error: MESSAGES.invalidInput }).min(1).max(100),
        showInMenu: z.boolean({ error: MESSAGES.invalidInput }),
      }),
      { error: MESSAGES.invalidInput },
    )
    .min(1, MESSAGES.invalidInput)
    .max(PAGE_ORDER_MAX, MESSAGES.invalidInput),
});
