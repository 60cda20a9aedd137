// The site model's reviews (issue 41) as a publish reads them, on both dialects: the newest first with
// the owner's answer, none while there is no review, no switch that hides them (issue 48), and a
// review the operator removed or the customer deleted gone at the next publish.
import { expect, it } from 'vitest';
import {
  acceptedValue,
  answerReview,
  createReviewRequest,
  deleteReviewByCustomer,
  insertCompany,
  removeReview,
  saveReviewSettings,
  submitReview,
} from '../db';
import { describeEachDialect } from '../tests/support/databases';
import { loadSiteModel } from './load-site';

const CVR = '51515151';
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 10));

describeEachDialect('the site model’s reviews', (use) => {
  async function review(stars: number, day: number) {
    const { db } = use();
    const { request } = acceptedValue(
      await createReviewRequest(
        db,
        CVR,
        { customerName: 'Kunde', email: '', phone: `2020202${day}`, smsByGateway: true },
        at(day),
      ),
    );
    return acceptedValue(
      await submitReview(
        db,
        CVR,
        request.id,
        { stars, service: '', text: `Dag ${day}`, authorName: 'K.' },
        at(day),
      ),
    );
  }

  it('carries the shown reviews, newest first, and nothing when there are none', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: CVR, name: 'Eksempel VVS' });
    expect((await loadSiteModel(db, CVR, 'mesterside.test'))?.reviews).toBeUndefined();
    const first = await review(5, 1);
    const second = await review(2, 2);
    const third = await review(4, 3);
    await answerReview(db, CVR, second.id, 'Vi beklager.', at(4));
    const model = await loadSiteModel(db, CVR, 'mesterside.test');
    expect(model?.reviews).toMatchObject({ count: 3, average: 11 / 3 });
    expect(model?.reviews?.items.map((item) => [item.stars, item.answer])).toEqual([
      [4, null],
      [2, 'Vi beklager.'],
      [5, null],
    ]);
    // Removed by the operator, deleted by its customer: gone from the next publish.
    await removeReview(db, CVR, third.id, 'Personoplysninger', at(5));
    await deleteReviewByCustomer(db, CVR, first.id);
    expect(
      (await loadSiteModel(db, CVR, 'mesterside.test'))?.reviews?.items.map((item) => item.stars),
    ).toEqual([2]);
    // No switch hides them (issue 48): the owner's one setting leaves the site's reviews as they are.
    await saveReviewSettings(db, CVR, { remindersEnabled: false });
    expect(
      (await loadSiteModel(db, CVR, 'mesterside.test'))?.reviews?.items.map((item) => item.stars),
    ).toEqual([2]);
  });
});
