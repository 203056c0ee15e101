import { withResponsibleMenus } from './responsible-menus.js';

describe('withResponsibleMenus', () => {
  it('adds the centres of the objects below a major, read-only, to what the roles grant', () => {
    const grants = withResponsibleMenus([{ key: 'ly_herm_homePage', canWrite: true }], ['major']);
    expect(grants).toEqual([
      { key: 'ly_herm_homePage', canWrite: true },
      { key: 'ly_herm_majorDevelopCenter_overview', canWrite: false },
      { key: 'ly_herm_couseDevelopCenter_overview', canWrite: false },
      { key: 'ly_herm_stuDevelopCenter_overview', canWrite: false },
    ]);
  });

  it('gives a course only the course centre, and never turns a role\'s grant read-only or doubles it', () => {
    expect(withResponsibleMenus([], ['course'])).toEqual([{ key: 'ly_herm_couseDevelopCenter_overview', canWrite: false }]);
    const role = { key: 'ly_herm_couseDevelopCenter_overview', canWrite: true };
    expect(withResponsibleMenus([role], ['course', 'major']).filter((g) => g.key === role.key)).toEqual([role]);
    expect(withResponsibleMenus([role], [])).toEqual([role]);
  });
});
