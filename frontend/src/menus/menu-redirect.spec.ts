import { describe, expect, it } from '@jest/globals';
import { menusWith } from './fixtures';
import { centreLevelOfPath, menuRedirectPath } from './menu-redirect';

describe('menuRedirectPath', () => {
  it('goes to the centre of the given level, with the suffix', () => {
    const menus = menusWith('ly_herm_homePage');
    expect(menuRedirectPath(menus, '/portrait?id=1', 'student')).toBe('/stuDevelopCenter/portrait?id=1');
    expect(menuRedirectPath(menus, '', 'teacher')).toBe('/teachDevelopCenter');
    expect(menuRedirectPath(menus, '/x', 'course')).toBe('/couseDevelopCenter/x');
    expect(menuRedirectPath(menus, '/x', 'major')).toBe('/majorDevelopCenter/x');
    expect(menuRedirectPath(menus, '/x', 'school')).toBe('/qualityManagement/x');
  });

  it('without a level, the last present entry wins in the order student, teacher, course, major, school', () => {
    expect(menuRedirectPath(menusWith('ly_herm_stuDevelopCenter', 'ly_herm_teachDevelopCenter'), '/a')).toBe('/teachDevelopCenter/a');
    expect(menuRedirectPath(menusWith('ly_herm_qualityManagement', 'ly_herm_stuDevelopCenter'), '/a')).toBe('/qualityManagement/a');
    expect(menuRedirectPath(menusWith('ly_herm_couseDevelopCenter', 'ly_herm_majorDevelopCenter', 'ly_herm_teachDevelopCenter'), '')).toBe(
      '/majorDevelopCenter',
    );
    expect(menuRedirectPath(menusWith('ly_herm_stuDevelopCenter'), '/s')).toBe('/stuDevelopCenter/s');
  });

  it('does not navigate when nothing matches', () => {
    expect(menuRedirectPath(menusWith('ly_herm_homePage', 'ly_herm_dataManagement'), '/a')).toBeNull();
    expect(menuRedirectPath(null, '/a')).toBeNull();
    expect(menuRedirectPath(undefined)).toBeNull();
  });
});

describe('centreLevelOfPath', () => {
  it('names the centre a page lies under, null under 内部质量管理 (every level)', () => {
    expect(centreLevelOfPath('/majorDevelopCenter/improvement')).toBe('major');
    expect(centreLevelOfPath('/stuDevelopCenter/standard')).toBe('student');
    expect(centreLevelOfPath('/couseDevelopCenter')).toBe('course');
    expect(centreLevelOfPath('/teachDevelopCenterX/warning')).toBeNull();
    expect(centreLevelOfPath('/qualityManagement/qualityReport')).toBeNull();
  });
});
