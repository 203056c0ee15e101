import { groupOf, kindOf, todoGroupLink, todoHref, todoPath } from './todo-data';

const pages = (...paths: string[]) => paths.map((path) => ({ path }));

describe('todoPath', () => {
  it('keeps the server\'s page when the person has it', () => {
    expect(todoPath({ path: '/qualityManagement/improvement', query: {} }, pages('/index', '/qualityManagement/improvement'))).toBe('/qualityManagement/improvement');
  });
  it('falls back to a centre\'s page of the same name', () => {
    expect(todoPath({ path: '/qualityManagement/improvement', query: {} }, pages('/index', '/stuDevelopCenter/improvement'))).toBe('/stuDevelopCenter/improvement');
    expect(todoPath({ path: '/qualityManagement/qualityReport', query: {} }, pages('/majorDevelopCenter/qualityReport'))).toBe('/majorDevelopCenter/qualityReport');
  });
  it('falls back through the task lists for a target task', () => {
    expect(todoPath({ path: '/qualityManagement/annualWbs/department', query: {} }, pages('/qualityManagement/annualWbs/yearTask'))).toBe('/qualityManagement/annualWbs/yearTask');
    expect(todoPath({ path: '/qualityManagement/annualWbs/personal', query: {} }, pages('/index'))).toBeNull();
  });
});

describe('todoHref', () => {
  it('adds the query that opens the object', () => {
    expect(todoHref({ path: '/dataCollection/fill', query: { fill: 'f 1' } }, pages('/dataCollection/fill'))).toBe('/dataCollection/fill?fill=f+1');
    expect(todoHref({ path: '/dataCollection/fill', query: {} }, pages('/dataCollection/fill'))).toBe('/dataCollection/fill');
    expect(todoHref({ path: '/dataCollection/audit', query: { fill: 'x' } }, pages())).toBeNull();
  });
});

describe('filters from the URL', () => {
  it('reads only known groups and kinds', () => {
    expect(groupOf('audits')).toBe('audits');
    expect(groupOf('x')).toBeNull();
    expect(groupOf(null)).toBeNull();
    expect(kindOf('fillTask')).toBe('fillTask');
    expect(kindOf('')).toBeNull();
    expect(todoGroupLink('warnings')).toBe('/todo?group=warnings');
  });
});
