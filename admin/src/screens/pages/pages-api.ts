// The pages editor's calls: pages (GET/POST/PUT/DELETE /api/pages) and the AI text generator
// (POST /api/ai/generate, GET /api/ai/usage), and history and undo (revisions, deleted pages), each
// with its Danish failure message.

import type { AiUsageJson, GeneratedText } from '../../../../contracts/ai';
import type { DeletedPageJson, PageRevisionJson, PageUpdateInput } from '../../../../contracts/pages';
import type { PreviewJson } from '../../../../contracts/preview';
import { MESSAGES } from '../../../../rules/messages';
import type { PageType } from '../../../../rules/pages';
import { api } from '../../api/client';
import type { Page } from '../../api/types';

export function listPages(): Promise<Page[]> {
  return api.get('/pages', MESSAGES.pagesLoadFailed);
}

/** A new page: 'Ny side', or named (the contact page the owner makes their own: 'Kontakt'). */
export function createPage(pageName?: string): Promise<Page> {
  return api.post('/pages', MESSAGES.pageCreateFailed, pageName === undefined ? {} : { pageName });
}

export function savePage(id: string, update: PageUpdateInput): Promise<Page> {
  return api.put(`/pages/${encodeURIComponent(id)}`, MESSAGES.saveFailed, update);
}

/** The draft rendered as a save would publish it (the live preview); nothing is stored. */
export function previewPage(id: string, update: PageUpdateInput, signal: AbortSignal): Promise<PreviewJson> {
  return api.postAbortable(
    `/pages/${encodeURIComponent(id)}/preview`,
    MESSAGES.previewFailed,
    signal,
    update,
  );
}

export function deletePage(id: string): Promise<null> {
  return api.delete(`/pages/${encodeURIComponent(id)}`, MESSAGES.pageDeleteFailed);
}

export function generateText(keywords: string, pageType: PageType): Promise<GeneratedText> {
  return api.post('/ai/generate', MESSAGES.aiFailed, { keywords, pageType });
}

export function loadAiUsage(): Promise<AiUsageJson> {
  return api.get('/ai/usage', MESSAGES.aiFailed);
}

export type { DeletedPageJson, PageRevisionJson } from '../../../../contracts/pages';

/** The page's last versions, newest first ("Historik"). */
export function listRevisions(pageId: string): Promise<PageRevisionJson[]> {
  return api.get(`/pages/${encodeURIComponent(pageId)}/revisions`, MESSAGES.historyLoadFailed);
}

/** Saves an earlier version again; the site is published with it. */
export function restoreRevision(pageId: string, revisionId: string): Promise<Page> {
  return api.post(
    `/pages/${encodeURIComponent(pageId)}/revisions/${encodeURIComponent(revisionId)}/restore`,
    MESSAGES.revisionRestoreFailed,
  );
}

/** "Slettede sider": pages deleted in the last 30 days. */
export function listDeletedPages(): Promise<DeletedPageJson[]> {
  return api.get('/pages/deleted', MESSAGES.historyLoadFailed);
}

export function restoreDeletedPage(id: string): Promise<Page> {
  return api.post(`/pages/deleted/${encodeURIComponent(id)}/restore`, MESSAGES.deletedPageRestoreFailed);
}
