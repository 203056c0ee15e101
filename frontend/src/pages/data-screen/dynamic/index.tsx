// 动态大屏 (/dataScreen/dynamic, 000 §6): the portrait screens the person may read; the chosen one's cards in a grid.
import { Button, Empty, Select, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { screensByAuth } from '../../../api/school-analysis';
import { CardTile } from '../../../components/card-chart';
import { useRequest } from '../../../hooks/use-request';
import { useSystemSetting } from '../../../hooks/use-system-setting';
import styles from '../data-screen.module.css';

export default function DynamicScreenPage() {
  const { systemName } = useSystemSetting();
  const screens = useRequest(() => screensByAuth(), 'screens');
  const [chosen, setChosen] = useState<string | null>(null);
  const list = screens.data ?? [];
  const screen = list.find((s) => s.id === chosen) ?? list[0] ?? null;

  return (
    <div className={styles.screen} data-testid="dynamic-screen">
      <div className={styles.top}>
        <div className={styles.tools}>
          <Link to="/dataScreen">
            <Button size="small" ghost>
              数据大屏
            </Button>
          </Link>
          <Select
            aria-label="选择大屏"
            size="small"
            style={{ minWidth: 200 }}
            placeholder="选择大屏"
            value={screen?.id}
            options={list.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(id: string) => setChosen(id)}
          />
        </div>
        <h1 className={styles.title}>{screen ? screen.name : `${systemName}动态大屏`}</h1>
        <div />
      </div>
      <Spin spinning={screens.loading && !screens.data}>
        {screen && screen.children.length > 0 ? (
          <div className={styles.cards} key={screen.id}>
            {screen.children.map((card) => (
              <CardTile key={card.id} cardId={card.id} title={card.nametwo || card.name} dark height={280} />
            ))}
          </div>
        ) : (
          <Empty style={{ paddingTop: 80, color: '#d6e4ff' }} description={screens.data ? (screen ? '该大屏尚无卡片' : '暂无可查看的大屏') : ' '} />
        )}
      </Spin>
    </div>
  );
}
