import type { PublicCategory, PublicDish } from '../api/types';
import { toCents } from '../cart';
import classes from './category-list.module.css';
import { useMoney } from './use-money';

/**
 * One dish row: tapping it opens the dish dialog. Plain elements and one stylesheet rather than
 * Mantine's layout components: a menu renders every dish at once, and on a slow phone the
 * components' own work for 150 rows delayed the first paint (issue 13).
 */
function DishRow({ dish, onOpen, onIntent }: { dish: PublicDish; onOpen: (d: PublicDish) => void; onIntent: () => void }) {
  const money = useMoney();
  const image = dish.dish_dimage[0]?.image;
  return (
    <button type="button" onClick={() => onOpen(dish)} onPointerDown={onIntent} data-testid={`dish-${dish.name}`} className={classes.dish}>
      {image && <img src={image} alt="" width={64} height={64} loading="lazy" className={classes.picture} />}
      <span className={classes.text}>
        <span className={classes.heading}>
          <span>{dish.name}</span>
          <span className={classes.price} data-testid="dish-price">
            {money(toCents(dish.price))}
          </span>
        </span>
        {dish.description && <span className={classes.description}>{dish.description}</span>}
      </span>
    </button>
  );
}

type Props = { categories: PublicCategory[]; onOpen: (d: PublicDish) => void; onIntent: () => void; nested?: boolean };

/**
 * The category accordion: native <details> (keyboard and screen readers for free, no script on
 * the phone's first load); sub-categories nest inside their parent; the first category starts open.
 */
export function Categories({ categories, onOpen, onIntent, nested }: Props) {
  return (
    <div className={nested ? classes.nested : classes.list}>
      {categories.map((c, i) => (
        <details key={c.id} open={!nested && i === 0} className={classes.category} data-testid={`category-${c.name}`}>
          <summary className={classes.summary}>{c.name}</summary>
          <div className={classes.body}>
            {c.dishes.map((d) => (
              <DishRow key={d.pk} dish={d} onOpen={onOpen} onIntent={onIntent} />
            ))}
            {c.sub_categories.length > 0 && <Categories categories={c.sub_categories} onOpen={onOpen} onIntent={onIntent} nested />}
          </div>
        </details>
      ))}
    </div>
  );
}
