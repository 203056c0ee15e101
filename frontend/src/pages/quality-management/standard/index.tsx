import { useSearchParams } from 'react-router-dom';
import { LibraryCards, type CardQuery } from './components/library-cards';
import { LibraryView } from './components/library-view';
import { isCardMode } from './library-values';
import { levelTitle, type LevelPageProps } from '../../level-page';

/** The search parameters of the page: ?library= opens a library; the others keep the card list's mode and filters. */
const PARAM = { library: 'library', mode: 'mode', parent: 'parent', level: 'level', cycle: 'cycle', name: 'q', page: 'page' } as const;

function readQuery(params: URLSearchParams): CardQuery {
  const mode = params.get(PARAM.mode);
  const parentId = params.get(PARAM.parent);
  const page = Number(params.get(PARAM.page));
  return {
    mode: isCardMode(mode) && (mode !== 'child' || parentId) ? mode : 'normal',
    parentId,
    level: params.get(PARAM.level),
    cycle: params.get(PARAM.cycle),
    name: params.get(PARAM.name),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeQuery(query: CardQuery, library?: string): URLSearchParams {
  const search = new URLSearchParams();
  if (library) search.set(PARAM.library, library);
  if (query.mode !== 'normal') search.set(PARAM.mode, query.mode);
  if (query.mode === 'child' && query.parentId) search.set(PARAM.parent, query.parentId);
  if (query.level) search.set(PARAM.level, query.level);
  if (query.cycle) search.set(PARAM.cycle, query.cycle);
  if (query.name) search.set(PARAM.name, query.name);
  if (query.page > 1) search.set(PARAM.page, String(query.page));
  return search;
}

/**
 * /qualityManagement/standard (menu 目标标准): the target-standard libraries as cards, and a library's indicator
 * catalogue and quality points (?library=<id>) on the same menu page, so the tab strip keeps showing 目标标准. A
 * centre's 目标标准 (`/stuDevelopCenter/standard` …) is this page with its level: that level's libraries only.
 */
export default function StandardPage(props: LevelPageProps) {
  const [params, setParams] = useSearchParams();
  const libraryId = params.get(PARAM.library);
  const query = readQuery(params);

  if (libraryId) {
    return <LibraryView key={libraryId} libraryId={libraryId} onBack={() => setParams(writeQuery(query))} />;
  }
  return (
    <LibraryCards
      title={levelTitle('目标标准', props)}
      level={props.level ?? null}
      query={query}
      // From the latest address: a search right after a tab switch must not write the old tab back.
      onQuery={(patch, push) => setParams((latest) => writeQuery({ ...readQuery(latest), ...patch }), { replace: !push })}
      onOpen={(id) => setParams(writeQuery(query, id))}
    />
  );
}
