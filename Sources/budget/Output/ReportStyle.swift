/// The report's style sheet: fonts with Japanese fallbacks, tabular figures, light and dark
/// colours, a layout in proportions (grids and percentages, no text placed by pixels) and
/// print rules for A4.
enum ReportStyle {
    static let sheet: StaticString = """
        :root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--card:#f3f5f8;--line:#d8dee4;\
        --income:#2d7a4f;--spending:#3a6ea5;--over:#c2410c;--marker:#1f2328;--worth:#6b5ca5;\
        --h1:#e6eef7;--h2:#c6d8ee;--h3:#98bbe0;--h4:#6c9bd0}
        @media (prefers-color-scheme:dark){:root{--fg:#e6e8eb;--muted:#9aa4af;--bg:#14171a;--card:#1e2226;\
        --line:#373e46;--income:#4fb07a;--spending:#5f95d3;--over:#f0883e;--marker:#f5f7fa;--worth:#9d8fd6;\
        --h1:#1b2735;--h2:#22395a;--h3:#2b4f80;--h4:#3668a8}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0 auto;max-width:64rem;padding:1rem;color:var(--fg);background:var(--bg);line-height:1.45;\
        font-family:"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans CJK JP","Noto Sans JP","Yu Gothic",\
        YuGothic,Meiryo,"IPAexGothic","IPAPGothic","IPAGothic",system-ui,sans-serif;font-variant-numeric:tabular-nums}
        h1{font-size:1.4rem;margin:0 0 .2rem}
        h2{font-size:1.1rem;margin:1.6rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid var(--line)}
        h3{font-size:1rem;margin:1rem 0 .4rem}
        .meta,.note,caption,.change,.label{color:var(--muted)}
        .meta{margin:0}
        .figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.5rem}
        .figure{background:var(--card);border-radius:.4rem;padding:.5rem .7rem;min-width:0}
        .figure .label{font-size:.85rem}
        .figure .value{font-size:1.3rem;font-weight:600;overflow-wrap:anywhere}
        .figure .change{font-size:.8rem;overflow-wrap:anywhere}
        .figure-change,th .note{white-space:nowrap}
        .figure.over .value{color:var(--over)}
        .bars{display:grid;grid-template-columns:fit-content(40%) minmax(3rem,1fr) fit-content(40%);\
        gap:.3rem .6rem;align-items:center;margin:.4rem 0 .8rem}
        .bars .name{overflow-wrap:anywhere;min-width:0}
        .bars .amount{text-align:right;overflow-wrap:anywhere;min-width:0}
        .bars .note{display:block;font-size:.75rem}
        .name .note,th .note{display:inline;margin-left:.4em}
        .amount.over,.amount.over .note,.amount.negative{color:var(--over)}
        svg.chart{display:block;width:100%;height:1.1rem;overflow:visible}
        .bars.months svg.chart{height:1.6rem}
        rect.bar,rect.spending{fill:var(--spending)}
        rect.bar.over{fill:var(--over)}
        rect.income{fill:var(--income)}
        rect.worth{fill:var(--worth)}
        rect.worth.negative{fill:var(--over)}
        line.tick{stroke:var(--marker);stroke-width:2}
        line.axis{stroke:var(--line);stroke-width:1}
        line.marker{stroke:var(--marker);stroke-width:3}
        svg.planned rect{fill-opacity:.35;stroke-dasharray:4 3;stroke-width:1}
        svg.planned rect.income{stroke:var(--income)}
        svg.planned rect.spending{stroke:var(--spending)}
        .legend{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem 1rem;padding:0;margin:.2rem 0;font-size:.85rem}
        .legend li::before{content:"";display:inline-block;width:.9em;height:.9em;margin-right:.35em;\
        vertical-align:-.1em;border-radius:.15em}
        .key-income::before{background:var(--income)}
        .key-spending::before{background:var(--spending)}
        .key-balance::before{background:var(--marker);width:.25em!important}
        .key-planned::before{border:1px dashed var(--spending);background:transparent}
        .table-wrap{overflow-x:auto;margin:.3rem 0 .6rem}
        table{border-collapse:collapse;width:100%;font-size:.88rem}
        caption{text-align:left;font-size:.8rem;padding:.2rem 0}
        th,td{padding:.2rem .45rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
        thead th{font-weight:600;border-bottom:2px solid var(--line)}
        tbody th{font-weight:normal;overflow-wrap:anywhere;min-width:6em}
        tr.month th{white-space:nowrap}
        .num{text-align:right;white-space:nowrap}
        tfoot th,tfoot td{font-weight:600;border-top:2px solid var(--line)}
        tr.over td,tr.over th{color:var(--over)}
        tr.planned{color:var(--muted)}
        td.h1{background:var(--h1)}
        td.h2{background:var(--h2)}
        td.h3{background:var(--h3)}
        td.h4{background:var(--h4)}
        .payments{padding-left:1.2rem}
        @media (max-width:30rem){body{padding:.6rem}.bars{grid-template-columns:fit-content(45%) minmax(2.5rem,1fr) \
        fit-content(35%)}table{font-size:.8rem}}
        @media print{@page{size:A4;margin:12mm}
        :root{--fg:#000;--bg:#fff;--card:#f3f5f8}
        body{max-width:none;padding:0;font-size:8.5pt;line-height:1.3;print-color-adjust:exact;\
        -webkit-print-color-adjust:exact}
        h1{font-size:13pt}h2{font-size:10.5pt;margin:.8rem 0 .3rem;break-after:avoid}
        h3{font-size:9.5pt;break-after:avoid}
        .note{break-after:avoid}
        tr,.figure,svg.chart{break-inside:avoid}
        .figure{padding:.25rem .5rem}.figure .value{font-size:11pt}
        table{font-size:8pt}th,td{padding:.05rem .3rem}
        svg.chart{height:.8rem}.bars.months svg.chart{height:1.1rem}
        .table-wrap{overflow:visible}}

        """
}
