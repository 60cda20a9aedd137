// /admin/henvendelser/tilbud and /admin/henvendelser/tilbud/<id> in one lazy chunk, loaded by the
// inbox's screen: the list, or one tilbud.
import { useParams } from 'react-router';
import { QuoteEditorScreen } from './quote-editor-screen';
import { quoteIdOf } from './quote-format';
import { QuotesScreen } from './quotes-screen';

export function Quotes() {
  return quoteIdOf(useParams()['*']) ? <QuoteEditorScreen /> : <QuotesScreen />;
}
