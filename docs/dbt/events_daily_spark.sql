-- events_daily_spark.sql: a dbt model (dbt-spark (or dbt-databricks)) of lasso's event definitions counted per UTC day: rows of
-- (definition_key, day, count), day as the text YYYY-MM-DDTHH:MM:SSZ; a new definition adds rows, not columns.
--
-- How to use it (docs/event-records.md, "The long shape"):
-- 1. Load the records into a table with lasso's own statements, and declare it as the source lasso.events in
--    your project's sources .yml (sources: [{name: lasso, tables: [{name: events}]}]):
--      lasso event export --ddl --load PATH --format spark --table <schema>.events
-- 2. Copy this file into your project's models/ folder as events_daily.sql and put your definitions' query
--    in place of the one below (which counts the sample definition home_hot_entrance_click): keep the lines
--    down to config(...), delete the rest, then append the query with the source in place of the table:
--      lasso event export --format spark --shape long --bucket day --table lasso_source_events \
--        | sed "s/lasso_source_events/{{ source('lasso', 'events') }}/" >> models/events_daily.sql
--    Write it again whenever the definitions change: the query holds them.
-- 3. dbt run --select events_daily

{{ config(materialized='table') }}

WITH records AS (
  SELECT event, app_key, view_path, properties, time,
    CASE WHEN btrim(app_version, concat(' ', chr(9))) RLIKE '^[0-9]{1,9}(\\.[0-9]{1,9}){0,7}(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+.*)?$' THEN concat(lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 1), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 2), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 3), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 4), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 5), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 6), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 7), 9, '0'), lpad(split_part(split_part(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-', 1), '.', 8), 9, '0'), CASE WHEN instr(split_part(btrim(app_version, concat(' ', chr(9))), '+', 1), '-') > 0 THEN '0' ELSE '1' END) END AS version_key
  FROM {{ source('lasso', 'events') }}
  WHERE event IN ('ButtonClick') AND app_key IN ('shop-ios')
)
SELECT * FROM (
SELECT 'home_hot_entrance_click' AS definition_key, date_format(date_trunc('DAY', convert_timezone('UTC', time)), 'yyyy-MM-dd\'T\'HH:mm:ss\'Z\'') AS `day`, count(*) AS `count`
FROM records
WHERE time IS NOT NULL AND event = 'ButtonClick' AND app_key = 'shop-ios' AND ((version_key >= '0000000050000000030000000000000000000000000000000000000000000000000000001' AND version_key < '0000000050000000060000000000000000000000000000000000000000000000000000001')) AND view_path RLIKE '^HomeViewController\\[0\\]/UIView\\[0\\]/EntranceBar\\[0\\]/EntranceButton\\[[0-9]+\\]$' AND (properties['entranceTitle'] = '热门推荐')
GROUP BY date_format(date_trunc('DAY', convert_timezone('UTC', time)), 'yyyy-MM-dd\'T\'HH:mm:ss\'Z\'')
) AS counts
ORDER BY definition_key, `day`
