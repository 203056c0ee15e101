import type { QualityRow } from '@zhengai/contracts';
import { qualitySheetOf } from './quality-export.js';

const row = (over: Partial<QualityRow>): QualityRow =>
  ({ zkdmc: '点', indicatorPath: [], bzz: null, mbz: null, xzmbz: null, jgz: null, xzjgz: null, jgdj: null, sljsz: null, sldj: null, yyfx: null, gjcs: null, zlx: 'float', qualityFileList: [], ...over }) as QualityRow;

describe("the quality table's sheet", () => {
  it('puts the level titles first, a revised value over the original, grades by name and empty cells for nothing', () => {
    const sheet = qualitySheetOf(['一级指标', '二级指标'], [
      row({ zkdmc: '生师比', indicatorPath: ['师资', '结构'], bzz: '18', mbz: '16', xzmbz: '15', jgz: '17', jgdj: 'B', sljsz: '19', sldj: 'D', yyfx: '原因', gjcs: '措施', qualityFileList: [{}, {}] as QualityRow['qualityFileList'] }),
      row({ zkdmc: '有无制度', indicatorPath: ['管理'], zlx: 'have', jgz: '1', xzjgz: '0', jgdj: 'N' }),
    ]);
    expect(sheet.header.slice(0, 3)).toEqual(['一级指标', '二级指标', '质控点名称']);
    expect(sheet.rows[0]).toEqual(['师资', '结构', '生师比', '18.00', '15.00', '17.00', '良好', '19.00', '未完成', '原因', '措施', '2']);
    expect(sheet.rows[1]!.slice(0, 7)).toEqual(['管理', '', '有无制度', '', '', '无', '未达成']);
  });
});
