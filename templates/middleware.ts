// Records an error thrown while rendering a page on Astro.locals, so the generator's renderer can name
// the cause instead of only seeing Astro's bare 500 response.
import { defineMiddleware } from 'astro:middleware';

// Where the error lands on locals; generator/astro-renderer.ts reads the same symbol.
const RENDER_ERROR = Symbol.for('mesterside.renderError');

export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    Reflect.set(context.locals, RENDER_ERROR, error);
    throw error;
  }
});
